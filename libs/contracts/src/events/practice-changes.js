"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=practice-changes.js.map