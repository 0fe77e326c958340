-- Renewal settings shown on a policy (spec 2 §3 policyDetail, reviewType).
ALTER TABLE policies ADD COLUMN auto_renewal_enabled boolean NOT NULL DEFAULT true;
ALTER TABLE policies ADD COLUMN renewal_stopped boolean NOT NULL DEFAULT false;
ALTER TABLE policies ADD COLUMN review_type text NOT NULL DEFAULT 'AUTO' CHECK (review_type IN ('AUTO', 'NEVER', 'MANUAL'));
