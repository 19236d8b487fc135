import { describe, expect, it } from "vitest";
import { clientIp } from "./api.ts";

describe("the caller's address (rate limits per address)", () => {
  it("is the socket's when no proxy is trusted, whatever X-Forwarded-For claims", () => {
    expect(clientIp("203.0.113.7", undefined, 0)).toBe("203.0.113.7");
    expect(clientIp("203.0.113.7", "198.51.100.1", 0)).toBe("203.0.113.7");
  });
  it("is the address the nearest trusted proxy saw, not one the visitor wrote", () => {
    // nginx with `proxy_add_x_forwarded_for` appends the visitor's address to what the visitor sent.
    expect(clientIp("10.0.0.2", "203.0.113.7", 1)).toBe("203.0.113.7");
    expect(clientIp("10.0.0.2", "1.2.3.4, 203.0.113.7", 1)).toBe("203.0.113.7");
    // A CDN in front of nginx: two proxies.
    expect(clientIp("10.0.0.2", "1.2.3.4, 203.0.113.7, 192.0.2.10", 2)).toBe("203.0.113.7");
  });
  it("falls back to the leftmost known address when the chain is shorter than the proxies", () => {
    expect(clientIp("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
    expect(clientIp("10.0.0.2", "203.0.113.7", 3)).toBe("203.0.113.7");
  });
});
