CREATE TABLE "frontend_statistics" (
	"day" text NOT NULL,
	"name" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "frontend_statistics_day_name_pk" PRIMARY KEY("day","name")
);
