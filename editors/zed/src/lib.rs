// Starts template-lsp for TDL files: the binary is looked up on the worktree's PATH
// (put the TDL checkout's .build/release there after `swift build -c release`).
use zed_extension_api::{self as zed, LanguageServerId, Result};

struct TdlExtension;

impl zed::Extension for TdlExtension {
    fn new() -> Self {
        TdlExtension
    }

    fn language_server_command(
        &mut self,
        _language_server_id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<zed::Command> {
        let path = worktree.which("template-lsp").ok_or_else(|| {
            "template-lsp is not on PATH: run `swift build -c release` in the TDL checkout \
             and add its .build/release folder to PATH"
                .to_string()
        })?;
        Ok(zed::Command {
            command: path,
            args: vec!["--stdio".to_string()],
            env: Default::default(),
        })
    }
}

zed::register_extension!(TdlExtension);
