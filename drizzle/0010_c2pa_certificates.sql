CREATE TABLE `c2pa_certificates` (
	`channel_id` text PRIMARY KEY NOT NULL,
	`chain_pem` text NOT NULL,
	`sealed_key` blob NOT NULL,
	`origin` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "c2pa_certificates_origin" CHECK("c2pa_certificates"."origin" in ('made', 'imported'))
);
