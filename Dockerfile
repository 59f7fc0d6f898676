# syntax=docker/dockerfile:1
# Portal Saúde: the compiled server (plain node, production dependencies only) and, as a second
# target, nginx with the built app's static files. deploy/README.md shows how to run both.

# 1. Everything built: the browser app (dist/) and the server (dist-server/), with the dev tools.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# patch-package applies them after the install (patches/README.md).
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Only what the server needs at run time.
FROM node:24-slim AS runtime-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: the only one is ours (patch-package, a dev tool for the browser build's Chakra).
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

# 3. nginx (Debian's, with the brotli_static module) in front of the copies: `--target nginx`.
FROM debian:bookworm-slim AS nginx
RUN apt-get update \
 && apt-get install -y --no-install-recommends nginx libnginx-mod-http-brotli-static \
 && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/default \
 && ln -sf /dev/stdout /var/log/nginx/portal.access.log && ln -sf /dev/stderr /var/log/nginx/error.log
COPY --from=build /app/dist/assets /srv/portal/dist/assets
COPY deploy/nginx/portal.conf /etc/nginx/conf.d/portal.conf
EXPOSE 80
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]

# 4. The portal (default target): Node 24, not root, the compiled server and the built app.
FROM node:24-slim AS portal
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 STATIC_DIR=/app/dist DATA_DIR=/app/data
WORKDIR /app
COPY --from=runtime-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
COPY package.json ./
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000 9464
# 503 while stopping or when the database does not answer.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "dist-server/server/main.js"]
