CREATE TYPE "public"."api_key_kind" AS ENUM('brand', 'agency');--> statement-breakpoint
CREATE TYPE "public"."targeting_property_kind" AS ENUM('option', 'number');--> statement-breakpoint
CREATE TABLE "agencies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_brands" (
	"agency_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	CONSTRAINT "agency_brands_agency_id_brand_id_pk" PRIMARY KEY("agency_id","brand_id")
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "api_key_kind" NOT NULL,
	"brand_id" uuid,
	"agency_id" uuid,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash"),
	CONSTRAINT "api_keys_owner_check" CHECK (("api_keys"."kind" = 'brand' and "api_keys"."brand_id" is not null and "api_keys"."agency_id" is null)
        or ("api_keys"."kind" = 'agency' and "api_keys"."agency_id" is not null and "api_keys"."brand_id" is null))
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "targeting_properties" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" "targeting_property_kind" NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "targeting_values" (
	"property_id" text NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "targeting_values_property_id_value_pk" PRIMARY KEY("property_id","value")
);
--> statement-breakpoint
ALTER TABLE "agency_brands" ADD CONSTRAINT "agency_brands_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_brands" ADD CONSTRAINT "agency_brands_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "targeting_values" ADD CONSTRAINT "targeting_values_property_id_targeting_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."targeting_properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agency_brands_brand_id_idx" ON "agency_brands" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "api_keys_brand_id_idx" ON "api_keys" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "api_keys_agency_id_idx" ON "api_keys" USING btree ("agency_id");