import { z } from '@hono/zod-openapi';
import { ScenarioNameParamSchema, VersionIdParamSchema } from '../schemas/common';
import { defineRoute } from './define';

/** Longest canvas SVG the PDF export takes: rendering costs time and memory in proportion to it. */
export const MAX_PDF_SVG_LENGTH = 4 * 1024 * 1024;

// The original's front end posts the canvas SVG as a string without naming a content type (a browser then
// sends text/plain); the server reads the body as text whatever its type.
const SvgBodySchema = z.string().max(MAX_PDF_SVG_LENGTH).openapi({ description: 'The diagram as SVG (the designer canvas exported)' });

/** `POST /api/processesExport/pdf/{scenarioName}/{versionId}`: the scenario version as a PDF around the posted diagram. */
export const exportScenarioPdf = defineRoute(
  'Read',
  {
    method: 'post',
    path: '/api/processesExport/pdf/{scenarioName}/{versionId}',
    tags: ['Scenarios'],
    summary: 'Export a version as PDF: name, version, author, description, the posted diagram and the nodes',
    request: {
      params: z.object({ scenarioName: ScenarioNameParamSchema, versionId: VersionIdParamSchema }),
      body: { required: true, content: { 'text/plain': { schema: SvgBodySchema }, 'image/svg+xml': { schema: SvgBodySchema } } },
    },
    responses: { 200: { description: 'The PDF document', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } } },
  },
  [404],
);
