'use strict';
// n8n-core writes its instance settings under N8N_USER_FOLDER (else $HOME): keep them out of the home folder.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const folder = path.join(os.tmpdir(), 'n8n-nodes-kavenegar-test');
fs.mkdirSync(folder, { recursive: true });
process.env.N8N_USER_FOLDER = folder;
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
process.env.TZ = process.env.TZ || 'UTC';
// The engine logs every node error to stdout; tests read errors from the run data instead.
process.env.N8N_LOG_LEVEL = process.env.N8N_LOG_LEVEL || 'silent';
