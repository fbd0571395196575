-- Decision 023 (password policy): users whose password failed the policy at a sign-in must change it.
ALTER TABLE "user" ADD COLUMN "password_change_required" boolean DEFAULT false NOT NULL;
