-- The landmark definitions an owner chose where schools differ (porion, gonion, menton; packages/ceph
-- definitions/), on the owner's clinic adaptation row: `{ version: 1, Po, Go, Me }`, null = the model's
-- own. Written by hand like 0010-0015; the statement is the one drizzle-kit generates for
-- db/schema/ai-adaptation.ts.
ALTER TABLE "ai_adaptation_profiles" ADD COLUMN "definitions" jsonb;
