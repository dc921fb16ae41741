CREATE TABLE "estimate_vehicle_allow_domains" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estimate_vehicle_keys" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"secret_hash" text,
	"secret_hint" text,
	"secret_created_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"endpoint" text NOT NULL,
	"user_id" uuid,
	"domain_id" uuid,
	"host" text,
	"ip_address" text,
	"http_status_code" integer NOT NULL,
	"debug_mode" boolean DEFAULT false NOT NULL,
	"duration_ms" integer NOT NULL,
	"request" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_logs_channel_check" CHECK ("request_logs"."channel" IN ('app', 'api', 'embed'))
);
--> statement-breakpoint
CREATE TABLE "vehicle_sales" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"vin" text,
	"year" integer NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"series" text,
	"style" text,
	"kind" text DEFAULT 'sale' NOT NULL,
	"price" integer NOT NULL,
	"sold_on" date NOT NULL,
	"kilometers" integer NOT NULL,
	"province" text,
	"condition" text,
	"accident" boolean DEFAULT false NOT NULL,
	"rebuilt" boolean DEFAULT false NOT NULL,
	"days_on_market" integer,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_sales_kind_check" CHECK ("vehicle_sales"."kind" IN ('sale', 'listing')),
	CONSTRAINT "vehicle_sales_province_check" CHECK ("vehicle_sales"."province" IN ('AB', 'BC', 'CN', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT')),
	CONSTRAINT "vehicle_sales_condition_check" CHECK ("vehicle_sales"."condition" IN ('excellent', 'good', 'average', 'poor'))
);
--> statement-breakpoint
ALTER TABLE "estimate_vehicle_allow_domains" ADD CONSTRAINT "estimate_vehicle_allow_domains_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_vehicle_keys" ADD CONSTRAINT "estimate_vehicle_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_logs" ADD CONSTRAINT "request_logs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_logs" ADD CONSTRAINT "request_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_logs" ADD CONSTRAINT "request_logs_domain_id_estimate_vehicle_allow_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."estimate_vehicle_allow_domains"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_sales" ADD CONSTRAINT "vehicle_sales_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_vehicle_allow_domains_unique" ON "estimate_vehicle_allow_domains" USING btree ("organization_id",lower("domain"));--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_vehicle_keys_public_unique" ON "estimate_vehicle_keys" USING btree ("public_key");--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_vehicle_keys_secret_unique" ON "estimate_vehicle_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "request_logs_org_idx" ON "request_logs" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "request_logs_created_idx" ON "request_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "vehicle_sales_market_idx" ON "vehicle_sales" USING btree ("organization_id",lower("make"),lower("model"),"year","sold_on");--> statement-breakpoint
CREATE INDEX "vehicle_sales_vin_idx" ON "vehicle_sales" USING btree ("organization_id","vin");