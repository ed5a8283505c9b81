import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { registerAccountFeature } from './features/account/account.feature';
import { registerAdminFeature } from './features/admin/admin.feature';
import { registerAiAdaptationFeature } from './features/ai-adaptation/ai-adaptation.feature';
import { registerAuditFeature } from './features/audit/audit.feature';
import { registerAuthFeature } from './features/auth/auth.feature';
import { registerClinicsFeature } from './features/clinics/clinics.feature';
import { createHealthRepository } from './features/health/health.repository';
import { registerHealthRoutes } from './features/health/health.routes';
import { createHealthService } from './features/health/health.service';
import { registerGraphqlFeature } from './features/graphql/graphql.feature';
import { registerFilesRoutes } from './features/files/files.routes';
import { registerImagesFeature } from './features/images/images.feature';
import { registerLandmarksFeature } from './features/landmarks/landmarks.feature';
import { registerModelCardRoutes } from './features/model-card/model-card.routes';
import { registerManualRoutes } from './features/manual/manual.routes';
import { createManualService } from './features/manual/manual.service';
import { registerMembershipFeature } from './features/membership/membership.feature';
import { registerNoticesFeature } from './features/notices/notices.feature';
import { registerLegalFeature } from './features/legal/legal.feature';
import { registerPlanningFeature } from './features/planning/planning.feature';
import { createPlanningRepository } from './features/planning/planning.repository';
import { createSuperimpositionService } from './features/planning/superimposition.service';
import { registerPacsFeature } from './features/pacs/pacs.feature';
import { registerStoreBackRoutes } from './features/pacs/store-back.routes';
import { createStoreBackService } from './features/pacs/store-back.service';
import { registerDicomOutFeature } from './features/dicom-out';
import { createModelCardService } from './features/model-card/model-card.service';
import { registerWsRoutes } from './features/realtime/ws.routes';
import { createReportRepository } from './features/reports/report.repository';
import { registerReportRoutes } from './features/reports/report.routes';
import { registerConsultationRoutes } from './features/reports/consultation-routes';
import { createConsultationService } from './features/reports/consultation-service';
import { registerExportsFeature } from './features/exports/export.feature';
import { createReportService } from './features/reports/report.service';
import { PdfPool } from './pdf/pdf-pool';
import { FilesService } from './features/files/files.service';
import { createImageRepository } from './features/images/image.repository';
import { STAGING_PREFIX } from './features/images/image.service';
import { registerBodyGuard } from './http/body-guard';
import { registerCompression } from './http/compression';
import { registerErrorHandler, sendError, toHttpError } from './http/error-handler';
import { registerRouteTable } from './http/endpoint-route';
import { registerUserBudget } from './http/request-budget';
import { registerRequestOrigin } from './http/request-origin';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { restrictToHealth } from './http/health-only';
import { UserBudget } from './http/user-budget';
import type { Services } from './services';
import { FsObjectStorage } from './storage/fs-storage';

/** A heavy request (report PDF, export, planning) counts as this many of a user's requests per minute. */
const HEAVY_COST = 5;
/** How long a heavy request waits for its turn among all users' before it is refused (RATE_LIMITED). */
const HEAVY_WAIT_MS = 20_000;

export interface BuildAppOptions {
  services: Services;
  /** Omit for a silent app (tests). */
  logger?: FastifyBaseLogger;
}

/**
 * Builds the HTTP app without listening, so tests drive it with `app.inject`. Features register
 * their own routes here; each gets its service, which gets its repository.
 */
export async function buildApp({ services, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    bodyLimit: config.limits.jsonBodyBytes,
    // The client IP decides new-IP approval and abuse limits; only trust X-Forwarded-For when told to.
    trustProxy: typeof config.trustProxy === 'number' ? hopCount(config.trustProxy) : config.trustProxy,
    // Errors raised before routing (a malformed URL) bypass setErrorHandler; send them the same way.
    frameworkErrors: (error, _request, reply) => {
      sendError(reply, toHttpError(error));
    },
  });

  registerErrorHandler(app);
  // Before any route: the table of what is registered, each with its contract declaration (http/endpoint-route.ts).
  registerRouteTable(app);
  // A `worker` or `ai` process (CEPPRO_ROLE) answers /healthz only; its features still start their jobs.
  restrictToHealth(app, config.roles);
  // Brotli/gzip for JSON, text and scripts (http/compression.ts); before any route is added.
  await registerCompression(app);
  // Clients send JSON or (the /public endpoints) form-encoded bodies; plain text is refused with 415
  // rather than reaching a handler as an unexpected string.
  app.removeContentTypeParser('text/plain');
  await app.register(formbody, { bodyLimit: config.limits.jsonBodyBytes });
  // Reads the HttpOnly refresh-token cookie (auth/refresh-cookie.ts); nothing else uses cookies.
  await app.register(cookie);
  // Deep JSON and NUL characters are refused here, for every route, before any handler reads them.
  registerBodyGuard(app, config.limits.jsonBodyBytes);
  // CSP, frame and referrer policy, nosniff, HSTS over HTTPS, CORS for CORS_ORIGINS.
  await registerSecurityHeaders(app, config);
  // The address the browser used, for mail links when PUBLIC_URL is not set (checked against this machine's own names).
  registerRequestOrigin(app);

  const healthService = createHealthService({
    repository: createHealthRepository(services.database),
    storage: services.storage,
  });
  registerHealthRoutes(app, healthService);

  // Each user's fair share of this process: the bearer checks take a slot, every route added from
  // here on holds it while its handler runs (http/request-budget.ts).
  registerUserBudget(app, new UserBudget({ ...config.budget, heavyCost: HEAVY_COST, heavyWaitMs: HEAVY_WAIT_MS }, services.clock));

  // First of the features with /api routes: it installs the bearer check for /api/*.
  const auth = await registerAuthFeature(app, services);
  const { sessions } = auth;
  registerAccountFeature(app, auth);
  // The audit trail: its hooks record the other features' patient-data routes, so it comes next.
  registerAuditFeature(app, services);
  // Clinic adaptation of the landmark model (/api/ai/adaptation): landmark saves (graph) teach it,
  // detections apply it.
  const adaptation = registerAiAdaptationFeature(app, services);

  // Patient images, thumbnails (job runner) and the draft sweeper, then landmark detection on them; the socket
  // that tells the browser when background work is done.
  const imaging = await registerImagesFeature(app, services);
  // Introspection and GraphiQL are development aids; production hides the schema. A chart's film comes from images.
  registerGraphqlFeature(app, services, sessions, { production: config.production }, adaptation, imaging.service);
  await registerLandmarksFeature(app, services, imaging, adaptation);
  await registerWsRoutes(app, { sessions, events: services.events, clock: services.clock });
  // Printable reports: the chart's report as a PDF composed from the stored film and analysis.
  // pdfkit's layout of every PDF (reports, tax invoices, the manual) runs in one pool of worker threads
  // (pdf-worker.ts; started on first use, ended with the app), off the event loop.
  const pdfs = new PdfPool(new URL('./pdf-worker-entry.mjs', import.meta.url));
  app.addHook('onClose', () => pdfs.close());
  const reportService = createReportService({
    reports: createReportRepository(services.database.db),
    storage: services.storage,
    clock: () => new Date(services.clock.now()),
    renderPdf: pdfs.render,
    // The record stores the chosen films only: the report superimposes them as the viewer's tab does.
    superimposition: createSuperimpositionService({ planning: createPlanningRepository(services.database.db) }),
  });
  registerReportRoutes(app, reportService);
  // Consultation mode: the patient's before/after view of the plan and its one-page PDF, by the report's rules.
  registerConsultationRoutes(
    app,
    createConsultationService({
      reports: createReportRepository(services.database.db),
      storage: services.storage,
      clock: () => new Date(services.clock.now()),
      renderPdf: pdfs.render,
    }),
  );
  // DICOM out: the same report as a DICOM Encapsulated PDF and its traced film as a Secondary Capture (.dcm).
  const dicomOut = registerDicomOutFeature(app, services, reportService);
  // Measurement exports (CSV/XLSX, one chart or a streamed batch) and landmarks as JSON.
  registerExportsFeature(app, services);
  // Treatment planning: facial photo auto-alignment and superimposition of a patient's films.
  registerPlanningFeature(app, services);
  // Import from a PACS over DICOMweb (PACS_SERVERS): search, series thumbnails, retrieve as a .dcm file.
  registerPacsFeature(app, services);
  // Store back: both DICOM out objects sent (STOW-RS) into their study on a configured PACS.
  registerStoreBackRoutes(app, createStoreBackService({ servers: config.pacs.servers, dicomOut }));
  // "About the AI": the served model's card (accuracy per dataset, landmarks, disclaimer) from its file.
  registerModelCardRoutes(app, createModelCardService({ path: config.modelCardPath, log: app.log }));
  // The user manual (docs/manual/<lang>.md with its screenshots) as a PDF, built on first download.
  registerManualRoutes(app, createManualService({ now: () => services.clock.now(), renderPdf: pdfs.render }));
  // The operator's notices and events (`/public/notices`), read by the event popup.
  registerNoticesFeature(app, services);
  // Terms and privacy (LEGAL_DIR, else the shipped templates) and the footer's company/UDI lines, all public.
  registerLegalFeature(app, services);
  // Membership: the subscription (trial -> active -> cancelled -> expired) and its billing history.
  const membership = registerMembershipFeature(app, services, pdfs.render);
  // Administration (/api/admin, role 'admin' only): accounts, approval (K017), expiry, unlock, type.
  await registerAdminFeature(app, services, membership);
  // Clinics (/api/clinic): members with roles, invitations by e-mail, the personal/clinic space switch.
  // A switch or a removal forgets the member's cached actor (the bearer check's session read); a join,
  // removal or leaving moves the member's account expiry at once (membership `syncMemberExpiry`).
  registerClinicsFeature(app, services, sessions, membership);

  if (services.storage instanceof FsObjectStorage) {
    const images = createImageRepository(services.database.db);
    // An upload's staging key takes its one PUT only while the upload is open (not yet checked).
    const canPut = async (key: string) => !key.startsWith(STAGING_PREFIX) || (await images.hasOpenUpload(key));
    await registerFilesRoutes(app, new FilesService(services.storage, config.limits.uploadBytes, canPut));
  }

  await registerWebApp(app, config.webDist);
  return app;
}

/** TRUST_PROXY=<n>: trust the n nearest hops (Fastify's types take a function for this). */
function hopCount(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}
