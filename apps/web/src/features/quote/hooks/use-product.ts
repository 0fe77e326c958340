import type { ProductConfig } from '@forecourt/contracts/product-config';
import { useConfig } from '../../../lib/config.tsx';

export { useFormContext } from '../../../forms/disclosure/components/use-form-context.ts';

export function useProduct(): ProductConfig {
  return useConfig().productConfig;
}
