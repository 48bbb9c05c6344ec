import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import type { ScenarioGraph } from '@scenaria/graph';
import type { AuthenticatedUser } from '../auth/users';
import { badRequest } from '../errors';
import type { ScenarioService } from './scenarios';
import { svgBudgetProblem } from './svg-budget';

type GraphNode = ScenarioGraph['nodes'][number];

// A4 in points with the original's 1.5 cm side margins.
const MARGIN = 42;
const DIAGRAM = { width: 500, height: 400 };
// Values longer than this are cut in the details: a node's expression is for reading, not for the record.
const MAX_VALUE_LENGTH = 2000;

function clip(text: string): string {
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}…` : text;
}

/** A node's field as the details list shows it: expressions as their text, other values as JSON. */
function display(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && 'expression' in value && typeof (value as { expression: unknown }).expression === 'string') {
    return (value as { expression: string }).expression;
  }
  return JSON.stringify(value);
}

/** The label/value rows of one node: its fields, with parameters and fields of records one row each. */
function nodeRows(node: GraphNode): [string, string][] {
  const rows: [string, string][] = [];
  for (const [key, value] of Object.entries(node as unknown as Record<string, unknown>)) {
    if (key === 'id' || key === 'type' || key === 'additionalFields' || value === null || value === undefined) continue;
    if (key === 'ref' && typeof value === 'object') {
      const ref = value as { typ?: unknown; id?: unknown; parameters?: { name: string; expression: unknown }[] };
      rows.push(['Component', display(ref.typ ?? ref.id)]);
      for (const parameter of ref.parameters ?? []) rows.push([parameter.name, display(parameter.expression)]);
      continue;
    }
    if (key === 'service' && typeof value === 'object') {
      const service = value as { id?: unknown; parameters?: { name: string; expression: unknown }[] };
      rows.push(['Service', display(service.id)]);
      for (const parameter of service.parameters ?? []) rows.push([parameter.name, display(parameter.expression)]);
      continue;
    }
    if (key === 'parameters' && Array.isArray(value)) {
      for (const parameter of value as { name?: unknown; expression?: unknown; typ?: unknown }[]) {
        rows.push([display(parameter.name), display(parameter.expression ?? parameter.typ)]);
      }
      continue;
    }
    if (key === 'fields' && Array.isArray(value)) {
      for (const field of value as { name?: unknown; expression?: unknown }[]) rows.push([display(field.name), display(field.expression)]);
      continue;
    }
    rows.push([key, display(value)]);
  }
  const description = node.additionalFields?.description;
  if (description) rows.push(['Description', description]);
  return rows.map(([label, text]) => [label, clip(text)]);
}

function render(title: string, write: (doc: InstanceType<typeof PDFDocument>) => void): Promise<Uint8Array<ArrayBuffer>> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: title, Producer: 'Scenaria', Creator: 'Scenaria' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  write(doc);
  doc.end();
  return done;
}

/**
 * The PDF of a scenario version as the original designer makes it: the name, version with its author and date,
 * description, the diagram the designer posts (its canvas as SVG), a summary of the nodes and each node's
 * details. The SVG is drawn by svg-to-pdfkit; it may not refer to files or URLs (only `data:` images are drawn).
 */
export class PdfExportService {
  constructor(private readonly scenarios: ScenarioService) {}

  async export(user: AuthenticatedUser, name: string, versionId: number, svg: string): Promise<Uint8Array<ArrayBuffer>> {
    const details = await this.scenarios.details(user, name, { versionId, skipValidate: true });
    const graph = details.scenarioGraph;
    if (!graph) throw new Error(`Scenario ${name} has no graph`);
    const version = details.history?.find((entry) => entry.processVersionId === versionId);
    if (!/<svg[\s>]/i.test(svg)) throw badRequest('The body must be the diagram as SVG');
    const problem = svgBudgetProblem(svg);
    if (problem) throw badRequest(problem);
    try {
      return await render(`${name}`, (doc) => {
        doc.font('Helvetica-Bold').fontSize(16).text(name, { align: 'center' });
        doc.moveDown(0.5).font('Helvetica').fontSize(14).text(`Version: ${versionId}`);
        if (version) doc.fontSize(12).text(`Saved by ${version.user} at ${version.createDate}`);
        if (details.description) doc.moveDown(0.5).fontSize(11).text(details.description);
        doc.moveDown(1);
        const top = doc.y;
        SVGtoPDF(doc, svg, (doc.page.width - DIAGRAM.width) / 2, top, {
          width: DIAGRAM.width,
          height: DIAGRAM.height,
          preserveAspectRatio: 'xMidYMid meet',
          // Only inline images: a path or URL would make the server read its own files or fetch on request.
          imageCallback: (link: string) => (link.trim().startsWith('data:image/') ? link.replace(/\s+/g, '') : ''),
          warningCallback: () => {},
        });
        doc.x = MARGIN;
        doc.y = top + DIAGRAM.height + 12;

        doc.font('Helvetica-Bold').fontSize(15).text('Nodes summary');
        doc.font('Helvetica').fontSize(10);
        for (const node of graph.nodes) doc.text(`${node.id}  (${node.type})${node.additionalFields?.description ? ` — ${node.additionalFields.description}` : ''}`);

        doc.addPage().font('Helvetica-Bold').fontSize(15).text('Nodes details');
        for (const node of graph.nodes) {
          doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).text(`${node.id} (${node.type})`);
          for (const [label, text] of nodeRows(node)) {
            doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true }).font('Helvetica').text(text);
          }
        }
      });
    } catch (error) {
      // svg-to-pdfkit throws on SVG it cannot read (and overflows on absurd nesting): bad input, not a bug.
      if (error instanceof RangeError || error instanceof TypeError || error instanceof SyntaxError) throw badRequest(`The diagram SVG cannot be drawn: ${error.message}`);
      throw error;
    }
  }
}
