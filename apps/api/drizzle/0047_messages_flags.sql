-- Data (hand-written): the Notification Center has flags of its own now (send_sms, send_emails,
-- buy_sms_packages). The groups a school started with keep what their preset gives: the Head Teacher
-- group all three, the Secretary group the sending ones.
UPDATE "roles" SET "flags" = "flags" || '{"send_sms": true, "send_emails": true, "buy_sms_packages": true}'::jsonb WHERE "name" = 'Head Teacher';--> statement-breakpoint
UPDATE "roles" SET "flags" = "flags" || '{"send_sms": true, "send_emails": true}'::jsonb WHERE "name" = 'Secretary';
