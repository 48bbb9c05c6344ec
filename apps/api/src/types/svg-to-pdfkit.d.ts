// svg-to-pdfkit ships no types: the part of its API the PDF export uses.
declare module 'svg-to-pdfkit' {
  import type PDFDocument from 'pdfkit';
  interface SvgToPdfOptions {
    width?: number;
    height?: number;
    preserveAspectRatio?: string;
    imageCallback?: (link: string) => string;
    warningCallback?: (message: string) => void;
  }
  export default function SVGtoPDF(doc: InstanceType<typeof PDFDocument>, svg: string, x: number, y: number, options?: SvgToPdfOptions): void;
}
