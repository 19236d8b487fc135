/**
 * How the upload queue reaches the server. The queue never touches `XMLHttpRequest` itself: the
 * browser passes {@link xhrTransport} (see `xhr-transport.ts`), tests pass a fake, so the queue's
 * rules run and are tested the same everywhere.
 */

/** One HTTP request of the queue: a whole file, or one chunk of it. */
export type TUploadRequest = {
  url: string;
  method: "POST" | "PUT";
  headers: Record<string, string>;
  body: FormData;
  /** Milliseconds; 0 means no limit. */
  timeout: number;
  withCredentials: boolean;
  /** Bytes of the request body sent so far; `total` is 0 when the size is not known. */
  onProgress: (loaded: number, total: number) => void;
};

/** What came back. Any HTTP status resolves; only a failure to get an answer rejects. */
export type TUploadResponse = {
  status: number;
  headers: { get(name: string): string | null };
  bodyText: string;
};

/**
 * Sends one request. The promise rejects with an {@link UploadTransportError} when no answer came
 * (timeout, network failure, abort); `abort()` cancels the request.
 */
export type UploadTransport = (req: TUploadRequest) => {
  promise: Promise<TUploadResponse>;
  abort: () => void;
};

/** Why a transport got no answer. */
export type TTransportFailure = "TIMEOUT" | "NETWORK" | "ABORTED";

/** The rejection of a transport's promise. */
export class UploadTransportError extends Error {
  constructor(readonly type: TTransportFailure) {
    super(`Upload request failed: ${type}`);
    this.name = "UploadTransportError";
  }
}
