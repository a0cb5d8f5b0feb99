# billing-emulator as a container: `docker run -p 127.0.0.1:4010:4010 billing-emulator` (loopback only: SECURITY.md).
# Only node and npm are used (no distribution package manager), so any node:20-slim works,
# including the stand-in that ../shared/tools/container-runtime.sh builds where no registry is
# reachable. The runtime stage holds only the esbuild bundle of the CLI, which carries its
# production dependencies inside it (docs/decisions/0006-container-image.md), and the dashboard's.

FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: the bundle needs none, and `prepare` would build before the sources are here.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
# The image runs the CLI only, so the bundle is all it needs (the library's tsc output is not used),
# and the dashboard's bundle (dist/ui: served at /_emulator/ui, nothing fetched from the network).
RUN node scripts/bundle-cli.js && node scripts/bundle-ui.js

FROM node:20-slim
ENV NODE_ENV=production \
    BILLING_EMULATOR_HOST=0.0.0.0 \
    BILLING_EMULATOR_PORT=4010
WORKDIR /app
# package.json gives the version the CLI prints.
COPY --from=build /app/package.json ./
COPY --from=build /app/dist/cli ./dist/cli
COPY --from=build /app/dist/ui ./dist/ui
COPY --from=build /app/scripts/warm-compile-cache.js ./scripts/
# The built-in scenarios and the fixture files they use, found beside package.json (--scenario dunning).
COPY scenarios ./scenarios
COPY fixtures ./fixtures
# The guides /_emulator/llms.txt links to (served at /_emulator/docs/<page>.md, and MCP resources).
COPY llms.txt ./
COPY docs/*.md ./docs/
# --data lives on this volume, writable by the non-root user: -e BILLING_EMULATOR_DATA=/data/shop.json
RUN mkdir -p /data /app/compile-cache && chown node:node /data /app/compile-cache
VOLUME /data
USER node
# The CLI's compile cache, written by one start now, so that every container's start reads compiled
# code instead of compiling 3 MB of JavaScript (docs/decisions/0039-compile-cache.md).
ENV NODE_COMPILE_CACHE=/app/compile-cache
RUN node scripts/warm-compile-cache.js
EXPOSE 4010
# node itself checks health: the slim image has no curl or wget.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.BILLING_EMULATOR_PORT || 4010) + '/_emulator/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and handles SIGTERM itself (stops listening, writes --data, exits 0).
ENTRYPOINT ["node", "/app/dist/cli/main.js"]
CMD ["start"]
