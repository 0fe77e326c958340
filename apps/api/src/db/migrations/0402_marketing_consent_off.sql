-- Marketing needs an affirmative choice (PECR, UK GDPR; ADR 146): a new customer has every channel off.
ALTER TABLE customers ALTER COLUMN marketing_email SET DEFAULT false;
ALTER TABLE customers ALTER COLUMN marketing_phone SET DEFAULT false;
ALTER TABLE customers ALTER COLUMN marketing_sms SET DEFAULT false;
