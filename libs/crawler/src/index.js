"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.sameSite = exports.normaliseUrl = exports.UnsafeUrlError = exports.isPublicAddress = exports.hostKey = exports.checkUrlShape = exports.addressRefusal = exports.htmlToText = exports.extractPage = exports.CrawlError = exports.CRAWL_DEFAULTS = exports.crawlSite = void 0;
/**
 * @pp/crawler: a bounded, polite, SSRF-safe crawl of a practice website, returning each page's readable text,
 * headings and JSON-LD (README.md). Used by the knowledge service and the onboarding demo.
 */
var crawl_1 = require("./crawl");
Object.defineProperty(exports, "crawlSite", { enumerable: true, get: function () { return crawl_1.crawlSite; } });
Object.defineProperty(exports, "CRAWL_DEFAULTS", { enumerable: true, get: function () { return crawl_1.CRAWL_DEFAULTS; } });
var crawl_error_1 = require("./crawl-error");
Object.defineProperty(exports, "CrawlError", { enumerable: true, get: function () { return crawl_error_1.CrawlError; } });
var extract_1 = require("./extract");
Object.defineProperty(exports, "extractPage", { enumerable: true, get: function () { return extract_1.extractPage; } });
Object.defineProperty(exports, "htmlToText", { enumerable: true, get: function () { return extract_1.htmlToText; } });
var url_safety_1 = require("./url-safety");
Object.defineProperty(exports, "addressRefusal", { enumerable: true, get: function () { return url_safety_1.addressRefusal; } });
Object.defineProperty(exports, "checkUrlShape", { enumerable: true, get: function () { return url_safety_1.checkUrlShape; } });
Object.defineProperty(exports, "hostKey", { enumerable: true, get: function () { return url_safety_1.hostKey; } });
Object.defineProperty(exports, "isPublicAddress", { enumerable: true, get: function () { return url_safety_1.isPublicAddress; } });
Object.defineProperty(exports, "UnsafeUrlError", { enumerable: true, get: function () { return url_safety_1.UnsafeUrlError; } });
var urls_1 = require("./urls");
Object.defineProperty(exports, "normaliseUrl", { enumerable: true, get: function () { return urls_1.normaliseUrl; } });
Object.defineProperty(exports, "sameSite", { enumerable: true, get: function () { return urls_1.sameSite; } });
//# sourceMappingURL=index.js.map