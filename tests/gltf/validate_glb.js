// Runs the Khronos glTF validator over .glb files and fails on any error.
//   node validate_glb.js NODE_PREFIX FILE.glb...           exit 0 when every file has 0 errors
//   node validate_glb.js NODE_PREFIX --expect-errors FILE  spoils the POSITION max of FILE's first
//                                                          mesh in memory and exits 0 only if the
//                                                          validator then reports errors (a check
//                                                          that this harness can fail at all)
'use strict';
const fs = require('fs');
const path = require('path');

function loadValidator(prefix) {
    try {
        return require(path.resolve(prefix, 'node_modules', 'gltf-validator'));
    } catch (e) {
        console.error(`gltf-validator is not installed under ${prefix} (npm install failed?): ${e.message}`);
        process.exit(2);
    }
}

// The .glb with its JSON chunk rewritten by `edit` (the BIN chunk is kept as it is).
function withEditedJson(bytes, edit) {
    const jsonLength = bytes.readUInt32LE(12);
    const json = JSON.parse(bytes.subarray(20, 20 + jsonLength).toString('utf8'));
    edit(json);
    let text = Buffer.from(JSON.stringify(json), 'utf8');
    const padding = (4 - (text.length % 4)) % 4;
    text = Buffer.concat([text, Buffer.alloc(padding, 0x20)]);
    const rest = bytes.subarray(20 + jsonLength);
    const header = Buffer.alloc(20);
    header.writeUInt32LE(0x46546C67, 0);
    header.writeUInt32LE(2, 4);
    header.writeUInt32LE(20 + text.length + rest.length, 8);
    header.writeUInt32LE(text.length, 12);
    header.writeUInt32LE(0x4E4F534A, 16);
    return Buffer.concat([header, text, rest]);
}

async function report(validator, name, bytes) {
    const result = await validator.validateBytes(new Uint8Array(bytes), {uri: name, maxIssues: 0});
    const issues = result.issues;
    console.log(`${name}: ${issues.numErrors} errors, ${issues.numWarnings} warnings, ${issues.numInfos} infos, ${issues.numHints} hints`);
    for (const message of issues.messages.slice(0, 20))
        console.log(`  [${['error', 'warning', 'info', 'hint'][message.severity]}] ${message.code} ${message.pointer || ''}: ${message.message}`);
    return issues.numErrors;
}

async function main() {
    const [prefix, ...args] = process.argv.slice(2);
    if (!prefix || args.length === 0) {
        console.error('usage: validate_glb.js NODE_PREFIX [--expect-errors] FILE.glb...');
        process.exit(2);
    }
    const validator = loadValidator(prefix);
    if (args[0] === '--expect-errors') {
        const bytes = withEditedJson(fs.readFileSync(args[1]), json => {
            const position = json.meshes[0].primitives[0].attributes.POSITION;
            json.accessors[position].max[1] -= 1.0; // the highest vertex now lies above the stated max
        });
        const errors = await report(validator, `${args[1]} (POSITION max spoilt)`, bytes);
        if (errors === 0) {
            console.error('the validator found no error in a spoilt file: this check cannot fail');
            process.exit(1);
        }
        return;
    }
    let failed = 0;
    for (const file of args) {
        if (!fs.existsSync(file)) {
            console.error(`${file}: no such file (the export did not write it)`);
            failed += 1;
            continue;
        }
        if (await report(validator, file, fs.readFileSync(file)) > 0) failed += 1;
    }
    process.exit(failed > 0 ? 1 : 0);
}

main().catch(e => {
    console.error(e);
    process.exit(1);
});
