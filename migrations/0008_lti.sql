CREATE TABLE `lti_context_members` (
	`context_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	PRIMARY KEY(`context_id`, `user_id`),
	FOREIGN KEY (`context_id`) REFERENCES `lti_contexts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lti_context_members_user_idx` ON `lti_context_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `lti_contexts` (
	`id` text PRIMARY KEY NOT NULL,
	`platform_id` text NOT NULL,
	`context_id` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`memberships_url` text,
	FOREIGN KEY (`platform_id`) REFERENCES `lti_platforms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lti_contexts_platform_context_uq` ON `lti_contexts` (`platform_id`,`context_id`);--> statement-breakpoint
CREATE TABLE `lti_deep_links` (
	`id` text PRIMARY KEY NOT NULL,
	`platform_id` text NOT NULL,
	`deployment_id` text NOT NULL,
	`context_id` text NOT NULL,
	`user_id` text NOT NULL,
	`return_url` text NOT NULL,
	`data` text,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`platform_id`) REFERENCES `lti_platforms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`context_id`) REFERENCES `lti_contexts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `lti_deployments` (
	`platform_id` text NOT NULL,
	`deployment_id` text NOT NULL,
	PRIMARY KEY(`platform_id`, `deployment_id`),
	FOREIGN KEY (`platform_id`) REFERENCES `lti_platforms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `lti_grades` (
	`student_test_id` text NOT NULL,
	`resource_link_id` text NOT NULL,
	`room_id` text NOT NULL,
	`sub` text NOT NULL,
	`score_given` integer NOT NULL,
	`score_maximum` integer NOT NULL,
	`grading_progress` text NOT NULL,
	`timestamp` integer NOT NULL,
	`state` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`last_error` text,
	`sent_at` integer,
	PRIMARY KEY(`student_test_id`, `resource_link_id`),
	FOREIGN KEY (`student_test_id`) REFERENCES `student_tests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resource_link_id`) REFERENCES `lti_resource_links`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`room_id`) REFERENCES `test_rooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lti_grades_room_idx` ON `lti_grades` (`room_id`);--> statement-breakpoint
CREATE TABLE `lti_handoffs` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`location` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lti_handoffs_expires_idx` ON `lti_handoffs` (`expires_at`);--> statement-breakpoint
CREATE TABLE `lti_platforms` (
	`id` text PRIMARY KEY NOT NULL,
	`issuer` text NOT NULL,
	`client_id` text NOT NULL,
	`auth_login_url` text NOT NULL,
	`token_url` text NOT NULL,
	`jwks_url` text NOT NULL,
	`trust_email` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lti_platforms_issuer_client_uq` ON `lti_platforms` (`issuer`,`client_id`);--> statement-breakpoint
CREATE TABLE `lti_resource_links` (
	`id` text PRIMARY KEY NOT NULL,
	`platform_id` text NOT NULL,
	`resource_link_id` text NOT NULL,
	`context_id` text NOT NULL,
	`room_id` text NOT NULL,
	`line_item_url` text,
	FOREIGN KEY (`platform_id`) REFERENCES `lti_platforms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`context_id`) REFERENCES `lti_contexts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`room_id`) REFERENCES `test_rooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lti_resource_links_platform_link_uq` ON `lti_resource_links` (`platform_id`,`resource_link_id`);--> statement-breakpoint
CREATE INDEX `lti_resource_links_room_idx` ON `lti_resource_links` (`room_id`);--> statement-breakpoint
CREATE TABLE `lti_room_contexts` (
	`room_id` text NOT NULL,
	`context_id` text NOT NULL,
	PRIMARY KEY(`room_id`, `context_id`),
	FOREIGN KEY (`room_id`) REFERENCES `test_rooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`context_id`) REFERENCES `lti_contexts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lti_room_contexts_context_idx` ON `lti_room_contexts` (`context_id`);--> statement-breakpoint
CREATE TABLE `lti_states` (
	`state` text PRIMARY KEY NOT NULL,
	`nonce` text NOT NULL,
	`platform_id` text NOT NULL,
	`browser_hash` text NOT NULL,
	`login` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`platform_id`) REFERENCES `lti_platforms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lti_states_nonce_unique` ON `lti_states` (`nonce`);--> statement-breakpoint
CREATE INDEX `lti_states_expires_idx` ON `lti_states` (`expires_at`);--> statement-breakpoint
CREATE TABLE `lti_users` (
	`platform_id` text NOT NULL,
	`sub` text NOT NULL,
	`user_id` text NOT NULL,
	`launched_at` integer,
	PRIMARY KEY(`platform_id`, `sub`),
	FOREIGN KEY (`platform_id`) REFERENCES `lti_platforms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lti_users_user_idx` ON `lti_users` (`user_id`);