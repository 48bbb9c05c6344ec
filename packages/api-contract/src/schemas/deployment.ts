import { z } from '@hono/zod-openapi';
import type { ResultsWithCounts } from '@scenaria/deployment-sdk';
import { ExpressionSchema, NodeCountSchema, NodeValidationErrorSchema, ScenarioGraphSchema, UIParameterSchema } from './library';

/** Body of deploy and cancel: an optional comment (a plain-text body is taken as the comment). */
export const DeploymentCommentRequestSchema = z
  .object({ comment: z.string().nullish(), nodesDeploymentData: z.record(z.string(), z.unknown()).optional() })
  .openapi('DeploymentCommentRequest');
export type DeploymentCommentRequest = z.infer<typeof DeploymentCommentRequestSchema>;

/** `{nodeId: {all, errors, fragmentCounts}}`. */
export const ProcessCountsSchema = z.record(z.string(), NodeCountSchema).openapi('ProcessCounts');

/** Where a deployed request-response scenario answers (Scenaria's own: the original shows no URL). */
export const ScenarioEndpointSchema = z
  .object({
    url: z
      .string()
      .nullable()
      .describe('`{publicUrl}/scenario/{slug}` while the scenario is deployed and served; null otherwise (not deployed, streaming, or a manager that serves no HTTP)'),
  })
  .openapi('ScenarioEndpoint');
export type ScenarioEndpoint = z.infer<typeof ScenarioEndpointSchema>;

/** Test results with per-node counts (semantics.md §5): the deployment SDK's `ResultsWithCountsSchema`. */
export type ResultsWithCountsResponse = ResultsWithCounts;

/** What the ad-hoc test form sends: one source's parameter expressions. */
export const SourceParametersSchema = z.object({
  sourceId: z.string().min(1),
  parameterExpressions: z.record(z.string(), ExpressionSchema),
});

/** `testWithParameters` and `adhoc/validate` bodies. */
export const TestWithParametersRequestSchema = z
  .object({ sourceParameters: SourceParametersSchema, scenarioGraph: ScenarioGraphSchema })
  .openapi('TestWithParametersRequest');

/** What a scenario's test support can do. */
export const TestingCapabilitiesSchema = z
  .object({ canBeTested: z.boolean(), canGenerateTestData: z.boolean(), canTestWithForm: z.boolean() })
  .openapi('TestingCapabilities');

/** Ad-hoc form definition of each source: its fields as UIParameters, as the reference's `UISourceParameters`. */
export const TestSourceParametersSchema = z
  .array(z.object({ sourceId: z.string(), parameters: z.array(UIParameterSchema) }))
  .openapi('TestSourceParameters');

/** Validation errors of a request that is not a whole scenario. */
export const ValidationErrorsResponseSchema = z
  .object({ validationErrors: z.array(NodeValidationErrorSchema), validationPerformed: z.boolean() })
  .openapi('ValidationErrorsResponse');

/** `GET /api/deployments/{deploymentId}/status`. */
export const DeploymentStatusResponseSchema = z
  .object({ name: z.string(), problemDescription: z.string().optional(), modifiedAt: z.string() })
  .openapi('DeploymentStatus');

/** `{"status": "OK"}` or an error with the scenarios concerned. */
export const ProcessesHealthCheckSchema = z
  .object({ status: z.enum(['OK', 'ERROR']), message: z.string().optional(), processes: z.array(z.string()).optional() })
  .openapi('ProcessesHealthCheck');

/** A topic record to publish. */
export const TopicRecordRequestSchema = z.object({
  key: z.string().nullable().optional(),
  value: z.unknown(),
  timestamp: z.number().int().optional(),
});

/** `POST /api/topics/{topic}/records` body. */
export const PublishTopicRecordsRequestSchema = z
  .object({ records: z.array(TopicRecordRequestSchema).min(1).max(10_000) })
  .openapi('PublishTopicRecordsRequest');

/** A stored topic record. */
export const TopicRecordSchema = z
  .object({ topic: z.string(), offset: z.number().int(), key: z.string().nullable(), value: z.unknown(), timestamp: z.number() })
  .openapi('TopicRecord');

/** Path parameters naming a topic. */
export const TopicPathSchema = z.object({ topic: z.string().min(1).max(249).openapi({ param: { name: 'topic', in: 'path' } }) });
