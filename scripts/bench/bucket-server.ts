/**
 * What `bench:bucket` uploads to: an S3-compatible bucket's PutObject, path style (`PUT /<bucket>/<key>`), in its own
 * process so its CPU is not the uploader's. It reads each body, keeps only the count of objects and bytes, and
 * answers as S3 does (200, the object's ETag: the MD5 of its bytes in quotes); `GET /` answers those counts as JSON,
 * so the bench can show that every upload arrived. It checks no signature: the bench measures the uploader's side.
 * Prints "BENCH BUCKET READY <port>".
 */
import { createHash } from "node:crypto";
import { createServer } from "node:http";

let objects = 0;
let bytes = 0;
const server = createServer((request, response) => {
  if (request.method === "GET" && request.url === "/") {
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ objects, bytes }));
    return;
  }
  if (request.method !== "PUT") {
    response.writeHead(405).end();
    return;
  }
  const md5 = createHash("md5");
  request.on("data", (chunk: Buffer) => {
    md5.update(chunk);
    bytes += chunk.length;
  });
  request.on("end", () => {
    objects += 1;
    response.writeHead(200, { etag: `"${md5.digest("hex")}"`, "content-length": "0" }).end();
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`BENCH BUCKET READY ${typeof address === "object" && address ? address.port : 0}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
