CREATE INDEX "scenarios_kind_idx" ON "scenarios" USING btree ("is_archived","is_fragment");--> statement-breakpoint
CREATE INDEX "scenarios_category_idx" ON "scenarios" USING btree ("category");--> statement-breakpoint
CREATE INDEX "scenarios_processing_type_idx" ON "scenarios" USING btree ("processing_type","is_fragment");