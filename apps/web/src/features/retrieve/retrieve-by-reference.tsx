import { schemeOf } from '@forecourt/domain/policy/product-kind';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useConfig } from '../../lib/config.tsx';
import { Spinner } from '../../ui/index.ts';
import { findByReference } from './retrieve-api.ts';

/** /retrieve/{externalReference}: into the proposal, or home when none is found (spec 3 §2). */
export function RetrieveByReference() {
  const { externalReference = '' } = useParams();
  const { schemes } = useConfig();
  const navigate = useNavigate();
  useEffect(() => {
    findByReference(externalReference)
      .then((p) => {
        const scheme = schemeOf(schemes, p?.schemeCode);
        navigate(p && scheme ? `/${scheme.productUrlName}/proposal/${p.proposalCode}` : '/', {
          replace: true,
        });
      })
      .catch(() => navigate('/', { replace: true }));
  }, [externalReference, schemes, navigate]);
  return <Spinner size="large" />;
}
