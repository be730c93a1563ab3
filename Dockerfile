# syntax=docker/dockerfile:1
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    LOOKOUT_DATA_DIR=/data
WORKDIR /app
RUN groupadd --system lookout && useradd --system --gid lookout --home /app lookout \
    && mkdir -p /data && chown lookout:lookout /data
COPY --from=build --chown=lookout:lookout /app/package.json ./package.json
COPY --from=build --chown=lookout:lookout /app/node_modules ./node_modules
COPY --from=build --chown=lookout:lookout /app/build ./build
COPY --from=build --chown=lookout:lookout /app/public ./public
USER lookout
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--max-semi-space-size=16", "build/server/main.js"]
