-- A TOTP code is accepted at most once (decision 023, "Two-factor sign-in"): the time step
-- (Unix time / 30 s) of the last code the account used. A code of that step or an earlier one
-- is refused; the check and the write are one conditional UPDATE. NULL: no code used yet.
ALTER TABLE "two_factor" ADD COLUMN "last_totp_step" bigint;
