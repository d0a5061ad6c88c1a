ALTER TABLE `channels` ADD `signer_key` text;--> statement-breakpoint
ALTER TABLE `channels` ADD `signer_key_cased` text;--> statement-breakpoint
ALTER TABLE `channels` ADD `publication_approved_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `channels_signer_key_unique` ON `channels` (`signer_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `channels_signer_key_cased_unique` ON `channels` (`signer_key_cased`);--> statement-breakpoint
ALTER TABLE `users` ADD `username_key` text;--> statement-breakpoint
ALTER TABLE `users` ADD `username_key_cased` text;--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_key_unique` ON `users` (`username_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_key_cased_unique` ON `users` (`username_key_cased`);