# Ceppro: one image for every role (CEPPRO_ROLE=api|worker|ai|all). See docs/deploy.md.
#   docker build -t ceppro .
# BASE_IMAGE chooses the Node 20 Debian 12 base of both stages; `npm run image:verify` passes one made
# from Debian packages (scripts/image-base.sh), since no registry is reachable where it runs.
ARG BASE_IMAGE=node:20-bookworm-slim
# Build stage: install everything, build the web app and the server bundle, then drop the dev
# dependencies (vite, esbuild, tsx, typescript, test tools) so the runtime stage copies only what
# `node apps/server/dist/start.js` needs.
FROM ${BASE_IMAGE} AS build
WORKDIR /app
# .npmrc: onnxruntime-node-install=skip (its postinstall would try to download CUDA files).
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/ceph/package.json packages/ceph/
COPY packages/contract/package.json packages/contract/
COPY tools/package.json tools/
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM ${BASE_IMAGE}
ENV NODE_ENV=production \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
# The bundle finds the repository root from its own location (apps/server/dist/../../..): the
# migrations, the model, the user manual and the web build sit where they do in the repository.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/models/ceph-landmarks-v2.json /app/models/ceph-landmarks-v2.card.json ./models/
COPY --from=build /app/models/ceph-landmarks-v2.global.onnx /app/models/ceph-landmarks-v2.fine.onnx ./models/
COPY --from=build /app/docs/manual ./docs/manual
COPY --from=build /app/docs/legal ./docs/legal
# Non-root: the image's `node` user (uid 1000) owns only DATA_DIR (secrets.json, PGlite when no
# DATABASE_URL, fs objects, the mail outbox).
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# Every role answers /healthz on PORT (worker and ai answer nothing else). No curl in the slim image.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node directly (not npm): SIGTERM reaches the server, which drains and closes the database.
CMD ["node", "apps/server/dist/start.js"]
