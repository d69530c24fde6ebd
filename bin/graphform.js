#!/usr/bin/env node
import { runFromProcess } from '../dist/cli/bundle/process.js';

await runFromProcess();
