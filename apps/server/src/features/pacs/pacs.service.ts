import {
  DICOM_IMAGE_SOP_CLASSES,
  IMAGE_UPLOAD,
  PACS_SEARCH_LIMIT,
  PACS_SERIES_INSTANCES_MAX,
  type PacsInstance,
  type PacsRetrieveRequest,
  type PacsSeries,
  type PacsSeriesRequest,
  type PacsServerView,
  type PacsStudy,
  type PacsStudySearchRequest,
  type PacsStudySearchResponse,
} from '@ceppro/contract';
import sharp from 'sharp';
import { assertCan, type Actor } from '../../access';
import { AppError } from '../../errors/app-error';
import type { ClientInfo } from '../../http/require-user';
import type { AuditService } from '../audit/audit.service';
import { readDicomFilm } from '../images';
import { dicomDate, integer, strings, TAGS, text, toDicomDate, type DicomJsonObject } from './dicom-json';
import { qido, renderedInstance, retrieveInstance } from './dicomweb-client';
import type { PacsServer } from './pacs-config';

/** The longest side of a series thumbnail, px. */
const THUMBNAIL_SIDE = 160;

export interface PacsService {
  /** The configured servers, names only (never URLs or credentials). */
  servers(): PacsServerView[];
  search(actor: Actor, client: ClientInfo, query: PacsStudySearchRequest): Promise<PacsStudySearchResponse>;
  series(actor: Actor, client: ClientInfo, request: PacsSeriesRequest): Promise<PacsSeries[]>;
  /** The instance's DICOM file, checked to be one film Ceppro reads (else DICOM_* as for a dropped file). */
  retrieve(actor: Actor, client: ClientInfo, request: PacsRetrieveRequest): Promise<{ bytes: Buffer; filename: string }>;
}

/**
 * QIDO-RS matching for a typed name: `*`/`?` as typed; spaces and `^` (DICOM's name component
 * separator, which PACSs store and match differently) become `*`, and a trailing `*` makes it a
 * prefix: `Hong` and `hong gil` both find `Hong^Gildong`.
 */
function nameMatch(value: string): string {
  const words = value.trim().replace(/[\s^]+/g, '*');
  return words.endsWith('*') ? words : `${words}*`;
}

function studyOf(object: DicomJsonObject): PacsStudy | null {
  const uid = text(object, TAGS.studyUid);
  if (!/^[0-9]+(\.[0-9]+)*$/.test(uid) || uid.length > 64) return null;
  return {
    study_uid: uid,
    patient_name: text(object, TAGS.patientName),
    patient_id: text(object, TAGS.patientId),
    birth_date: dicomDate(object, TAGS.birthDate),
    sex: text(object, TAGS.sex),
    study_date: dicomDate(object, TAGS.studyDate),
    description: text(object, TAGS.studyDescription),
    accession: text(object, TAGS.accession),
    modalities: strings(object, TAGS.modalitiesInStudy),
    series_count: integer(object, TAGS.studySeriesCount),
    instance_count: integer(object, TAGS.studyInstanceCount),
  };
}

function instanceOf(object: DicomJsonObject): PacsInstance | null {
  const uid = text(object, TAGS.sopInstance);
  if (!/^[0-9]+(\.[0-9]+)*$/.test(uid) || uid.length > 64) return null;
  const sopClass = text(object, TAGS.sopClass);
  return {
    instance_uid: uid,
    sop_class_uid: sopClass,
    number: integer(object, TAGS.instanceNumber),
    rows: integer(object, TAGS.rows),
    columns: integer(object, TAGS.columns),
    is_image: Object.hasOwn(DICOM_IMAGE_SOP_CLASSES, sopClass),
  };
}

async function thumbnailOf(server: PacsServer, study: string, series: string, instance: PacsInstance | undefined): Promise<string | null> {
  if (!instance) return null;
  const rendered = await renderedInstance(server, { study, series, instance: instance.instance_uid });
  if (rendered === null) return null;
  try {
    const jpeg = await sharp(rendered, { limitInputPixels: IMAGE_UPLOAD.maxPixels })
      .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 75 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  } catch {
    return null;
  }
}

export interface PacsServiceDeps {
  servers: readonly PacsServer[];
  audit: AuditService;
}

/**
 * Import from a PACS (docs/pacs.md): searches and retrieves for a user who may upload films
 * (`film.upload`). Every query and retrieve is recorded in the audit trail (`pacs.search`,
 * `pacs.series`, `pacs.retrieve`, kind `pacs`) with the server and what was asked, never the
 * patient's name or ID typed into the search (docs/audit.md: details hold no patient names).
 */
export function createPacsService(deps: PacsServiceDeps): PacsService {
  const serverOf = (id: string): PacsServer => {
    const server = deps.servers.find((s) => s.id === id);
    if (!server) throw new AppError('PACS_NOT_FOUND', 'No PACS server with this id is configured.');
    return server;
  };

  /** Runs `work` and records it, succeeded or failed, in the trail. */
  async function audited<T>(
    actor: Actor,
    client: ClientInfo,
    action: 'pacs.search' | 'pacs.series' | 'pacs.retrieve',
    detail: Record<string, unknown>,
    work: () => Promise<{ value: T; detail?: Record<string, unknown> }>,
  ): Promise<T> {
    try {
      assertCan(actor, 'film.upload');
      const done = await work();
      await deps.audit.access({ actorUserId: actor.userId, actor, client, action, target: null, detail: { ...detail, ...done.detail } });
      return done.value;
    } catch (error) {
      await deps.audit.access({ actorUserId: actor.userId, actor, client, action, target: null, error, detail });
      throw error;
    }
  }

  return {
    servers: () => deps.servers.map((s) => ({ id: s.id, name: s.name })),

    search(actor, client, query) {
      const asked = {
        server: query.server,
        byName: Boolean(query.patient_name),
        byId: Boolean(query.patient_id),
        from: query.date_from ?? null,
        to: query.date_to ?? null,
        modality: query.modality ?? null,
      };
      return audited(actor, client, 'pacs.search', asked, async () => {
        const server = serverOf(query.server);
        const params = new URLSearchParams();
        if (query.patient_name) params.set('PatientName', nameMatch(query.patient_name));
        if (query.patient_id) params.set('PatientID', query.patient_id);
        if (query.date_from || query.date_to) {
          params.set(
            'StudyDate',
            `${query.date_from ? toDicomDate(query.date_from) : ''}-${query.date_to ? toDicomDate(query.date_to) : ''}`,
          );
        }
        if (query.modality) params.set('ModalitiesInStudy', query.modality);
        for (const tag of [
          TAGS.studyDescription,
          TAGS.birthDate,
          TAGS.sex,
          TAGS.accession,
          TAGS.studySeriesCount,
          TAGS.studyInstanceCount,
        ]) {
          params.append('includefield', tag);
        }
        // One more than shown tells whether there were more.
        params.set('limit', String(PACS_SEARCH_LIMIT + 1));
        const found = (await qido(server, '/studies', params)).map(studyOf).filter((s): s is PacsStudy => s !== null);
        const studies = found.slice(0, PACS_SEARCH_LIMIT).sort((a, b) => (b.study_date ?? '').localeCompare(a.study_date ?? ''));
        return { value: { studies, truncated: found.length > PACS_SEARCH_LIMIT }, detail: { studies: studies.length } };
      });
    },

    series(actor, client, request) {
      return audited(actor, client, 'pacs.series', { server: request.server, studyUid: request.study_uid }, async () => {
        const server = serverOf(request.server);
        const study = request.study_uid;
        const seriesFields = new URLSearchParams();
        for (const tag of [TAGS.seriesDescription, TAGS.seriesNumber, TAGS.seriesInstanceCount]) seriesFields.append('includefield', tag);
        const listed = await qido(server, `/studies/${encodeURIComponent(study)}/series`, seriesFields);
        const result: PacsSeries[] = [];
        for (const object of listed) {
          const uid = text(object, TAGS.seriesUid);
          if (!/^[0-9]+(\.[0-9]+)*$/.test(uid) || uid.length > 64) continue;
          const instanceFields = new URLSearchParams();
          for (const tag of [TAGS.sopClass, TAGS.instanceNumber, TAGS.rows, TAGS.columns]) instanceFields.append('includefield', tag);
          instanceFields.set('limit', String(PACS_SERIES_INSTANCES_MAX));
          const instances = (
            await qido(server, `/studies/${encodeURIComponent(study)}/series/${encodeURIComponent(uid)}/instances`, instanceFields)
          )
            .map(instanceOf)
            .filter((i): i is PacsInstance => i !== null)
            .sort((a, b) => (a.number ?? 0) - (b.number ?? 0));
          result.push({
            series_uid: uid,
            modality: text(object, TAGS.modality),
            description: text(object, TAGS.seriesDescription),
            number: integer(object, TAGS.seriesNumber),
            instance_count: integer(object, TAGS.seriesInstanceCount),
            instances,
            thumbnail: await thumbnailOf(
              server,
              study,
              uid,
              instances.find((i) => i.is_image),
            ),
          });
        }
        result.sort((a, b) => (a.number ?? 0) - (b.number ?? 0));
        return { value: result, detail: { series: result.length } };
      });
    },

    retrieve(actor, client, request) {
      const asked = {
        server: request.server,
        studyUid: request.study_uid,
        seriesUid: request.series_uid,
        instanceUid: request.instance_uid,
      };
      return audited(actor, client, 'pacs.retrieve', asked, async () => {
        const server = serverOf(request.server);
        const bytes = await retrieveInstance(
          server,
          { study: request.study_uid, series: request.series_uid, instance: request.instance_uid },
          IMAGE_UPLOAD.maxBytes,
        );
        // The header checks of a dropped DICOM file (not DICOM, a report or PDF, no pixels, several
        // frames, a syntax we cannot decode): refused here with the same codes, before the browser
        // starts a patient. The full checks run again on upload, as for every file.
        readDicomFilm(bytes);
        return { value: { bytes, filename: `${request.instance_uid}.dcm` }, detail: { bytes: bytes.length } };
      });
    },
  };
}
