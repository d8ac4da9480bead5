# Multi-stage image: one process serves the API and the built web app on PORT (default 3000).
# syntax=docker/dockerfile:1
FROM node:24-bookworm-slim AS build
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH TURBO_TELEMETRY_DISABLED=1
RUN npm install --global pnpm@12.21.0
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile \
 && cp -n .env.example .env \
 && pnpm turbo run build --filter=@garage/web --filter=@garage/api \
 && rm .env \
 && pnpm prune --prod --config.ignore-scripts=true || true

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
RUN groupadd --system garage && useradd --system --gid garage --home /app garage \
 && mkdir -p /data && chown garage:garage /data
COPY --from=build --chown=garage:garage /app /app
USER garage
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/backend/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
WORKDIR /app/apps/api
# Migrations are applied by the server at start (packages/db/src/database.ts).
# The compiled bundle (apps/api/scripts/build.mjs): faster to start and lighter than TypeScript through tsx.
CMD ["node", "--enable-source-maps", "dist/server.mjs"]
