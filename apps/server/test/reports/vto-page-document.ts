import sharp from 'sharp';
import { ReportDocument, type PlacedImage } from '../../src/pdf/pdf-canvas';

/** An English report document and a plain grey 387 x 480 film in it: what the VTO and STO page tests hand `addVtoPages`. */
export async function vtoPageDocument(): Promise<{ doc: ReportDocument; film: PlacedImage }> {
  const doc = new ReportDocument('en', { title: 't', author: 'a', creationDate: new Date(0) });
  const film = doc.addJpeg({
    bytes: await sharp({ create: { width: 387, height: 480, channels: 3, background: '#333' } })
      .jpeg()
      .toBuffer(),
    width: 387,
    height: 480,
    channels: 3,
  });
  return { doc, film };
}
