import { applyAffine, detectFacing, fitSimilarity, type Vec2 } from '@ceppro/ceph';
import {
  AUTOALIGN_NO_FACIAL_IMAGE_MESSAGE,
  AUTOALIGN_NOT_RECOGNIZED_MESSAGE,
  IMAGE_UPLOAD,
  type AutoAlignResponse,
} from '@ceppro/contract';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { actorFor, type ActorRef } from '../../access/index';
import { AppError } from '../../errors/app-error';
import type { ObjectStorage } from '../../storage/object-storage';
import { readCheckedImage } from '../images';
import { filmModel } from './film-model';
import { findFaceRegion, type FaceRegion, type RgbRaster } from './photo-profile';
import { filmProfile, fitProfileSide, photoPointOf, type ProfileFit } from './profile-fit';
import type { PlanningRepository } from './planning.repository';

/**
 * The photo is analysed at most this many pixels on its long side: bounds every pure-JS loop
 * (segmentation and each side's fit take some tens of milliseconds; the service yields to the
 * event loop between them). 384 px puts a raster pixel at about 0.5 mm of a face photo.
 */
export const AUTOALIGN_RASTER_MAX_SIDE = 384;

/** Lets other requests run between the synchronous steps of the analysis. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Quality gate of a fit, relative to the size of the film's soft-tissue profile (the diagonal of
 * its bounding box, about 150 mm from glabella to the cervical point), so it holds for calibrated
 * and uncalibrated films alike. A right fit of a face leaves well under 1% (0.2% on the test
 * photos; on real photos edge blur, lip posture and landmark definitions add 1-2 mm); a smooth
 * blob with no profile (an oval, a shoulder) is fitted to 2-4% RMS with 60-85% of the profile near
 * it, and its nose tip 6 mm and more off. So:
 * - RMS distance of the film profile to the photo outline at most 1.5% (about 2.3 mm);
 * - at least 90% of the profile within 2.5% (about 3.8 mm) of the outline (hair over the forehead
 *   or a hand under the chin may spoil a small part);
 * - pronasale within 2.5% of the outline: the nose must be there.
 */
export const AUTOALIGN_MAX_RMS_FRACTION = 0.015;
export const AUTOALIGN_MIN_INLIERS = 0.9;
export const AUTOALIGN_MAX_TIP_FRACTION = 0.025;
/** The film's profile must reach from the nose to the chin, with this many soft-tissue landmarks at least. */
export const AUTOALIGN_MIN_SOFT_LANDMARKS = 5;
const REQUIRED_SOFT_LANDMARKS = ['Prn', 'stPog'] as const;

const NOT_RECOGNIZED = { status: 'not_recognized', message: AUTOALIGN_NOT_RECOGNIZED_MESSAGE } as const;
const NO_FACIAL_IMAGE = { status: 'no_facial_image', message: AUTOALIGN_NO_FACIAL_IMAGE_MESSAGE } as const;

const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The photo upright (EXIF applied), downscaled and lightly smoothed, as raw RGB; with its upright full size. */
async function photoRaster(bytes: Buffer): Promise<{ raster: RgbRaster; size: { width: number; height: number } }> {
  const open = () => sharp(bytes, { failOn: 'error', limitInputPixels: IMAGE_UPLOAD.maxPixels });
  const meta = await open().metadata();
  if (!meta.width || !meta.height) throw new Error('photo has no size');
  const size = { width: meta.autoOrient.width, height: meta.autoOrient.height };
  const { data, info } = await open()
    .rotate()
    .resize({ width: AUTOALIGN_RASTER_MAX_SIDE, height: AUTOALIGN_RASTER_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .blur(1.2)
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { raster: { data, width: info.width, height: info.height, channels: info.channels }, size };
}

/**
 * `POST /ai/ceppro/ceph-autoalign`: places the chart's lateral facial photo on its cephalogram.
 * The face is segmented on a downscaled copy of the photo (photo-profile.ts), and the film's
 * soft-tissue profile is fitted onto the face outline by a similarity (profile-fit.ts). Decoding
 * and scaling run in libvips' thread pool; the pure-JS work is bounded by the 384 px raster.
 */
export function createAutoAlignService(deps: { planning: PlanningRepository; storage: ObjectStorage; log: FastifyBaseLogger }) {
  const { planning, storage, log } = deps;
  return {
    /** Planning (`planning.edit`): it places the photo for a VTO/STO the caller then saves. */
    async autoAlign(ref: ActorRef, chartId: string): Promise<AutoAlignResponse> {
      const actor = actorFor(ref, 'planning.edit');
      const [chart] = await planning.findOwnedCharts(actor, [chartId]);
      if (!chart) throw new AppError('NOT_FOUND');
      const [photo, ceph, record, defaultPpm] = await Promise.all([
        planning.facialPhoto(chart.ref),
        planning.cephalogram(chart.ref),
        planning.analysisRecord(chart.ref),
        planning.defaultPpm(actor.userId),
      ]);
      if (!photo) return NO_FACIAL_IMAGE;
      if (!ceph) throw new AppError('AUTOALIGN_NO_LANDMARKS', 'The chart has no cephalogram.');
      const film = filmModel(ceph, record, defaultPpm);
      const profile = filmProfile(film.landmarks);
      if (
        profile === null ||
        profile.points.length < AUTOALIGN_MIN_SOFT_LANDMARKS ||
        !REQUIRED_SOFT_LANDMARKS.every((id) => film.landmarks[id] !== undefined)
      ) {
        throw new AppError(
          'AUTOALIGN_NO_LANDMARKS',
          `The X-ray image needs at least ${AUTOALIGN_MIN_SOFT_LANDMARKS} soft-tissue ` +
            `landmarks, pronasale and soft-tissue pogonion among them.`,
        );
      }

      let bytes: Buffer;
      try {
        bytes = await readCheckedImage(storage, photo);
      } catch (error) {
        // The stored file is gone (the viewer shows it as lost): there is no photo to align.
        if (error instanceof AppError && error.code === 'NOT_FOUND') return NO_FACIAL_IMAGE;
        throw error;
      }
      let raster: RgbRaster;
      let size: { width: number; height: number };
      try {
        ({ raster, size } = await photoRaster(bytes));
      } catch (error) {
        log.info({ err: error, chartId }, 'auto-align: facial photo cannot be decoded');
        return NOT_RECOGNIZED;
      }

      await yieldToEventLoop();
      const found = findFaceRegion(raster);
      if (!found.ok) {
        log.info({ chartId, reason: found.reason }, 'auto-align: no face found');
        return NOT_RECOGNIZED;
      }
      const region = found.region;
      const filmFacing = detectFacing(film.landmarks).facing;
      // Each side the face may look to is fitted; the lower RMS decides (and so the mirroring).
      let fit: ProfileFit | null = null;
      for (const side of region.sides) {
        await yieldToEventLoop();
        const candidate = fitProfileSide(region, profile, filmFacing, side);
        if (candidate && (fit === null || candidate.rms < fit.rms)) fit = candidate;
      }
      const tipOff = fit === null ? Infinity : landmarkOff(region, fit, film.landmarks.Prn as Vec2);
      if (
        fit === null ||
        fit.rms > AUTOALIGN_MAX_RMS_FRACTION * profile.extent ||
        fit.inliers < AUTOALIGN_MIN_INLIERS ||
        tipOff > AUTOALIGN_MAX_TIP_FRACTION * profile.extent
      ) {
        log.info({ chartId, rms: fit?.rms, inliers: fit?.inliers, tipOff, extent: profile.extent }, 'auto-align: profile fit too poor');
        return NOT_RECOGNIZED;
      }

      // Raster px (mirrored when fit.mirrored) -> full-size photo px, mirrored alike (x -> width - x).
      const sx = size.width / raster.width;
      const sy = size.height / raster.height;
      const toPhoto = (p: Vec2): Vec2 => ({ x: p.x * sx, y: p.y * sy });
      const unmirror = (p: Vec2): Vec2 => (fit.mirrored ? { x: size.width - p.x, y: p.y } : p);
      // The transform is refitted on full-size coordinates: the raster's two axes may be scaled by
      // slightly different factors (rounding of the downscale), which a similarity cannot absorb.
      const kept = [...fit.pairs].sort((a, b) => a.distance - b.distance).slice(0, Math.ceil(fit.pairs.length * 0.85));
      const final = fitSimilarity(
        kept.map((p) => toPhoto(p.photo)),
        kept.map((p) => p.film),
        true,
      );
      if (final === null) return NOT_RECOGNIZED;

      const points = profile.points.flatMap(({ id, p }) => {
        const q = photoPointOf(region, fit, p);
        return q === null ? [] : [{ id, photo: roundPoint(unmirror(toPhoto(q))), film: roundPoint(p) }];
      });
      return {
        status: 'aligned',
        photo: { chart_data_id: photo.id, width: size.width, height: size.height },
        transform: {
          a: round(final.transform.a, 8),
          b: round(final.transform.b, 8),
          c: round(final.transform.c, 8),
          d: round(final.transform.d, 8),
          tx: round(final.transform.tx),
          ty: round(final.transform.ty),
        },
        mirrored: fit.mirrored,
        points,
        residual_px: round(fit.rms),
        residual_mm: film.pxPerMm === null ? null : round(fit.rms / film.pxPerMm),
      };
    },
  };
}

/** Film px between a film landmark and the photo outline point it lands on after the fit. */
function landmarkOff(region: FaceRegion, fit: ProfileFit, p: Vec2): number {
  const q = photoPointOf(region, fit, p);
  if (q === null) return Infinity;
  const m = applyAffine(fit.transform, q);
  return Math.hypot(m.x - p.x, m.y - p.y);
}

const roundPoint = (p: Vec2) => ({ x: round(p.x, 2), y: round(p.y, 2) });

export type AutoAlignService = ReturnType<typeof createAutoAlignService>;
