import * as contract from '@scenaria/api-contract';
import { badRequest } from '../errors';
import type { PdfExportService } from '../services/pdf-export';
import { createRouter } from './router';

/** The PDF export of a scenario version. */
export function exportRoutes(pdf: PdfExportService) {
  const router = createRouter();

  router.openapi(contract.exportScenarioPdf, async (c) => {
    const { scenarioName, versionId } = c.req.valid('param');
    // Read as text whatever the content type: the original's front end names none.
    const svg = await c.req.text();
    if (svg.length > contract.MAX_PDF_SVG_LENGTH) throw badRequest(`The diagram SVG is longer than ${contract.MAX_PDF_SVG_LENGTH} characters`);
    const bytes = await pdf.export(c.get('user'), scenarioName, versionId, svg);
    return c.body(bytes, 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${encodeURIComponent(`${scenarioName}-${versionId}.pdf`)}"`,
    });
  });

  return router;
}
