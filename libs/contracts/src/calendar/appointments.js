"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=appointments.js.map