/** The {@code gsnode} command line: one entry point for every subcommand. */
package io.gsnode.app;
