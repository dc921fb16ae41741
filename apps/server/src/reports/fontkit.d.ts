// The part of fontkit (pdfkit's font engine, no types of its own) the documents use: a parsed font.
declare module 'fontkit' {
  export interface Font {
    postscriptName: string;
    layout(text: string, features?: unknown): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
