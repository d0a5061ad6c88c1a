ALTER TABLE "channels" ADD COLUMN "signer_key" text;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "signer_key_cased" text;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "publication_approved_at" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_key_cased" text;--> statement-breakpoint
CREATE UNIQUE INDEX "channels_signer_key_unique" ON "channels" USING btree ("signer_key");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_signer_key_cased_unique" ON "channels" USING btree ("signer_key_cased");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key_unique" ON "users" USING btree ("username_key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key_cased_unique" ON "users" USING btree ("username_key_cased");