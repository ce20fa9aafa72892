"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=knowledge-changes.js.map