-- Issue 9 §5: phones are kept in one form, the rule of packages/contract/src/phone.ts (normalisePhone):
-- a Ugandan number typed as 0772 123456, 772123456, 256772123456 or +256 772 123 456 becomes
-- +256772123456; another international number written with its + keeps the + and its digits. A value
-- the rule cannot read (two numbers, words) is left as it is. Rows already in the form are not touched,
-- so running this again changes nothing.
CREATE FUNCTION somero_phone_one_form(typed text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN s ~ '^0[0-9]{9}$' THEN '+256' || substr(s, 2)
    WHEN s ~ '^[1-9][0-9]{8}$' THEN '+256' || s
    WHEN s ~ '^\+?2560?[0-9]{9}$' THEN '+256' || right(s, 9)
    WHEN s ~ '^\+[1-9][0-9]{6,14}$' THEN s
    ELSE typed
  END
  FROM (SELECT regexp_replace(typed, '[\s().-]', '', 'g') AS s) AS t
$$;
--> statement-breakpoint
UPDATE "guardians" SET "phone" = somero_phone_one_form("phone") WHERE "phone" IS DISTINCT FROM somero_phone_one_form("phone");
--> statement-breakpoint
UPDATE "guardians" SET "alt_phone" = somero_phone_one_form("alt_phone") WHERE "alt_phone" IS DISTINCT FROM somero_phone_one_form("alt_phone");
--> statement-breakpoint
UPDATE "old_students" SET "phone" = somero_phone_one_form("phone") WHERE "phone" IS DISTINCT FROM somero_phone_one_form("phone");
--> statement-breakpoint
UPDATE "pass_outs" SET "collector_phone" = somero_phone_one_form("collector_phone") WHERE "collector_phone" IS DISTINCT FROM somero_phone_one_form("collector_phone");
--> statement-breakpoint
UPDATE "suppliers" SET "phone" = somero_phone_one_form("phone") WHERE "phone" IS DISTINCT FROM somero_phone_one_form("phone");
--> statement-breakpoint
UPDATE "users" SET "phone" = somero_phone_one_form("phone") WHERE "phone" IS DISTINCT FROM somero_phone_one_form("phone");
--> statement-breakpoint
DROP FUNCTION somero_phone_one_form(text);
