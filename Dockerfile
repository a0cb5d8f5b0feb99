# Placeholder until the packaging issue: builds and runs the emulator on node:20-slim.
FROM node:20-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm ci
EXPOSE 4010
CMD ["node", "dist/cli/main.js", "start", "--host", "0.0.0.0"]
