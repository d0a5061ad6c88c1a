CREATE TABLE "document_variants" (
	"document_id" bigint PRIMARY KEY NOT NULL,
	"salt" "bytea" NOT NULL,
	"record" "bytea" NOT NULL,
	"classes" text NOT NULL,
	"sites" integer NOT NULL,
	"positions" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_variants" ADD CONSTRAINT "document_variants_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;