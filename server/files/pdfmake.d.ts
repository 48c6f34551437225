/** The part of pdfmake 0.3's server entry that the XLSX → PDF conversion uses (the package ships no types). */
declare module 'pdfmake' {
  interface PdfOutput {
    getBuffer(): Promise<Buffer>;
  }
  interface PdfMake {
    setFonts(fonts: Record<string, Record<'normal' | 'bold' | 'italics' | 'bolditalics', string>>): void;
    setUrlAccessPolicy(allow: (url: string) => boolean): void;
    setLocalAccessPolicy(allow: (path: string) => boolean): void;
    createPdf(doc: Record<string, unknown>): PdfOutput;
  }
  const pdfmake: PdfMake;
  export default pdfmake;
}
