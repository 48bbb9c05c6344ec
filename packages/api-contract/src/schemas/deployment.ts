import { z } from '@hono/zod-openapi';
import { ScenarioGraphSchema } from '@scenaria/graph';
import { NodeValidationErrorSchema } from './validation-result';

/** Body of deploy and cancel: an optional comment (a plain-text body is taken as the comment). */
export const DeploymentCommentRequestSchema = z
  .object({ comment: z.string().optional(), nodesDeploymentData: z.record(z.string(), z.unknown()).optional() })
  .openapi('DeploymentCommentRequest');
export type DeploymentCommentRequest = z.infer<typeof DeploymentCommentRequestSchema>;

/** Count of one node: records in, errors, and counts inside a fragment node. */
export const NodeCountResultSchema = z
  .object({ all: z.number().int(), errors: z.number().int(), fragmentCounts: z.record(z.string(), z.unknown()) })
  .openapi('NodeCount');

/** `{nodeId: {all, errors, fragmentCounts}}`. */
export const ProcessCountsSchema = z.record(z.string(), NodeCountResultSchema).openapi('ProcessCounts');

/** Test results with per-node counts (semantics.md §5); the values are the engine's JSON. */
export const ResultsWithCountsResponseSchema = z
  .object({
    results: z.object({
      nodeResults: z.record(z.string(), z.array(z.unknown())),
      invocationResults: z.record(z.string(), z.array(z.unknown())),
      externalInvocationResults: z.record(z.string(), z.array(z.unknown())),
      exceptions: z.array(z.unknown()),
    }),
    counts: ProcessCountsSchema,
  })
  .openapi('ResultsWithCounts');
export type ResultsWithCountsResponse = z.infer<typeof ResultsWithCountsResponseSchema>;

/** What the ad-hoc test form sends: one source's parameter expressions. */
export const SourceParametersSchema = z.object({
  sourceId: z.string().min(1),
  parameterExpressions: z.record(z.string(), z.object({ language: z.string(), expression: z.string() })),
});

/** `testWithParameters` and `adhoc/validate` bodies. */
export const TestWithParametersRequestSchema = z
  .object({ sourceParameters: SourceParametersSchema, scenarioGraph: ScenarioGraphSchema })
  .openapi('TestWithParametersRequest');

/** What a scenario's test support can do. */
export const TestingCapabilitiesSchema = z
  .object({ canBeTested: z.boolean(), canGenerateTestData: z.boolean(), canTestWithForm: z.boolean() })
  .openapi('TestingCapabilities');

/** Ad-hoc form definition of each source. */
export const TestSourceParametersSchema = z
  .array(z.object({ sourceId: z.string(), parameters: z.array(z.record(z.string(), z.unknown())) }))
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
