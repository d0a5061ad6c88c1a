CREATE TABLE "c2pa_certificates" (
	"channel_id" text PRIMARY KEY NOT NULL,
	"chain_pem" text NOT NULL,
	"sealed_key" "bytea" NOT NULL,
	"origin" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "c2pa_certificates_origin" CHECK ("c2pa_certificates"."origin" in ('made', 'imported'))
);
--> statement-breakpoint
ALTER TABLE "c2pa_certificates" ADD CONSTRAINT "c2pa_certificates_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;