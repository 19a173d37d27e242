const { src, dest, parallel } = require('gulp');

// tsc only emits JavaScript; n8n loads node and credential icons from dist at run time.
function copyIcons() {
	return src(['icons/**/*.svg', 'icons/**/*.png'], { encoding: false }).pipe(dest('dist/icons'));
}

function copyNodeFiles() {
	return src(['nodes/**/*.svg', 'nodes/**/*.png', 'nodes/**/*.json'], { encoding: false }).pipe(
		dest('dist/nodes'),
	);
}

exports['build:icons'] = parallel(copyIcons, copyNodeFiles);
