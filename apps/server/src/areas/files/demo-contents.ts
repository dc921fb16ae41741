import { extname } from 'node:path';
import ExcelJS from 'exceljs';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { sessions } from '../../auth/auth.table.ts';
import { createSession } from '../../auth/tokens.ts';
import type { Db } from '../../db/client.ts';
import { organizations } from '../admin/admin.table.ts';
import { files } from './files.table.ts';

// The demo files' contents (issue 24): a short PDF, photos, a spreadsheet, made here and sent
// through the uploads route by each organization's manager, so they are stored, checked and
// served as any upload (wherever uploads are kept) and open and preview at once.

/** A one-page PDF titled with the file's name. */
function pdf(title: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 56, info: { Title: title } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(20).text(title.replace(/\.pdf$/i, ''));
    doc.moveDown().fontSize(11).text('Document de démonstration d’Atelier. Remplacez-le par le vôtre depuis le menu du fichier (« Remplacer le contenu ») : l’ancien reste dans ses versions.');
    doc.end();
  });
}

/** A photo-like picture: a sky, a road, the file's name. */
function picture(title: string, format: 'jpeg' | 'png'): Promise<Buffer> {
  const label = title.replace(/[<>&"]/g, '').replace(/\.\w+$/, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4dabf7"/><stop offset="1" stop-color="#d0ebff"/></linearGradient></defs>
    <rect width="800" height="500" fill="url(#sky)"/><rect y="330" width="800" height="170" fill="#495057"/>
    <rect x="0" y="405" width="800" height="10" fill="#f8f9fa" stroke-dasharray="40 30" stroke="#f8f9fa"/>
    <rect x="250" y="250" width="300" height="90" rx="30" fill="#c92a2a"/><circle cx="320" cy="345" r="32" fill="#212529"/><circle cx="480" cy="345" r="32" fill="#212529"/>
    <text x="40" y="70" font-family="sans-serif" font-size="40" fill="#1c1c1c">${label}</text></svg>`;
  const image = sharp(Buffer.from(svg));
  return (format === 'jpeg' ? image.jpeg({ quality: 80 }) : image.png()).toBuffer();
}

/** A small budget sheet. */
async function sheet(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Budget');
  ws.addRows([['Poste', 'Budget ($)'], ['Pièces', 180000], ['Main-d’œuvre', 240000], ['Outillage', 25000], ['Formation', 8000]]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The content of a demo file, by its name's extension; null for an extension the demo does not make. */
export async function demoContent(name: string): Promise<{ content: Buffer; type: string } | null> {
  switch (extname(name).toLowerCase()) {
    case '.pdf':
      return { content: await pdf(name), type: 'application/pdf' };
    case '.jpg':
      return { content: await picture(name, 'jpeg'), type: 'image/jpeg' };
    case '.png':
      return { content: await picture(name, 'png'), type: 'image/png' };
    case '.xlsx':
      return { content: await sheet(), type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
    default:
      return null;
  }
}

/** A multipart body of one file in `attachment`, as a browser sends it. */
function multipart(name: string, type: string, content: Buffer) {
  const boundary = `----atelier-demo-${Date.now().toString(16)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="${name.replace(/["\r\n]/g, '')}"\r\nContent-Type: ${type}\r\n\r\n`;
  return { boundary, payload: Buffer.concat([Buffer.from(head, 'utf8'), content, Buffer.from(`\r\n--${boundary}--\r\n`)]) };
}

/**
 * Gives the demo's files without content theirs, each uploaded by its organization's owner (the
 * demo manager) through POST /uploads/files/{id}/attachment, on a session made for it and revoked
 * after. Run once the app is built, after the demo seed; a refused upload is logged, not fatal.
 */
export async function uploadDemoContents(app: FastifyInstance, db: Db) {
  const waiting = await db
    .select({ id: files.id, name: files.name, owner: organizations.owner_id })
    .from(files)
    .innerJoin(organizations, eq(organizations.id, files.organization_id))
    .where(and(isNull(files.upload_id), inArray(organizations.name, ['Garage Démo', 'Autos Rivière'])));
  const tokens = new Map<string, string>();
  for (const file of waiting) {
    const made = file.owner ? await demoContent(file.name) : null;
    if (!made || !file.owner) continue;
    if (!tokens.has(file.owner)) tokens.set(file.owner, await createSession(db, file.owner, 600, { userAgent: 'demo seed' }));
    const { boundary, payload } = multipart(file.name, made.type, made.content);
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/uploads/files/${file.id}/attachment`,
      headers: { authorization: `Bearer ${tokens.get(file.owner)}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    if (res.statusCode !== 201) app.log.warn(`Demo file ${file.name}: its content was refused (${res.statusCode})`);
  }
  const owners = [...tokens.keys()];
  if (owners.length) await db.delete(sessions).where(and(inArray(sessions.user_id, owners), eq(sessions.user_agent, 'demo seed')));
}
