CREATE TABLE `signing_keys` (
	`key_id` text PRIMARY KEY NOT NULL,
	`channel_id` text NOT NULL,
	`public_key` blob NOT NULL,
	`sealed_seed` blob NOT NULL,
	`created_at` integer NOT NULL,
	`retired_at` integer,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `signing_keys_channel_idx` ON `signing_keys` (`channel_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `signing_keys_one_current` ON `signing_keys` (`channel_id`) WHERE "signing_keys"."retired_at" IS NULL;--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `sign` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `encrypt` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `channels` ADD `keys_public` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `channels` ADD `signer_name` text;