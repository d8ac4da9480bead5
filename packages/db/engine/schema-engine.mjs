#!/usr/bin/env node
// placeholder, replaced by the real stand-in
process.exit(1);
