// Exits before the handshake, saying why on stderr.
process.stderr.write("cannot start: missing configuration\n");
process.exit(1);
