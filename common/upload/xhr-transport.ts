import { type UploadTransport, UploadTransportError } from "./transport.ts";

/**
 * The browser's transport: `XMLHttpRequest`, because `fetch` still cannot report how much of a
 * request body has been sent, and a person waiting on a slow mobile connection needs to see the
 * bar move. `XMLHttpRequest` is looked up only when a request is made, so importing this module on
 * the server is harmless.
 */
export const xhrTransport: UploadTransport = (req) => {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<Awaited<ReturnType<UploadTransport>["promise"]>>((resolve, reject) => {
    xhr.open(req.method, req.url, true);
    xhr.timeout = req.timeout;
    xhr.withCredentials = req.withCredentials;
    for (const [name, value] of Object.entries(req.headers)) xhr.setRequestHeader(name, value);
    // Set before send(): a listener added later may miss the first events.
    xhr.upload.onprogress = (e) => req.onProgress(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        headers: { get: (name) => xhr.getResponseHeader(name) },
        bodyText: xhr.responseText,
      });
    xhr.onerror = () => reject(new UploadTransportError("NETWORK"));
    xhr.ontimeout = () => reject(new UploadTransportError("TIMEOUT"));
    xhr.onabort = () => reject(new UploadTransportError("ABORTED"));
    xhr.send(req.body);
  });
  return { promise, abort: () => xhr.abort() };
};
