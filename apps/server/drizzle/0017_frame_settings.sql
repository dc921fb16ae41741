ALTER TABLE "estimate_vehicle_keys" ADD COLUMN "frame_desired_profit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "estimate_vehicle_keys" ADD COLUMN "frame_aggression_percentage" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "estimate_vehicle_keys" ADD COLUMN "frame_damage_cost" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "estimate_vehicle_keys" ADD COLUMN "frame_display" text DEFAULT 'offer' NOT NULL;--> statement-breakpoint
ALTER TABLE "estimate_vehicle_keys" ADD CONSTRAINT "estimate_vehicle_keys_frame_display_check" CHECK ("estimate_vehicle_keys"."frame_display" IN ('offer', 'range'));