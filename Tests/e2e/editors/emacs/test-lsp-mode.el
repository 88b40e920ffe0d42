;;; test-lsp-mode.el --- tdl-mode with lsp-mode, end to end in batch Emacs  -*- lexical-binding: t; -*-

;;; Code:

(load (expand-file-name "tdl-test.el" (file-name-directory load-file-name)) nil t)
(require 'lsp-mode)
(require 'lsp-completion)

;; A throwaway session, diagnostics in flymake (as with eglot), and no prompts.
(setq lsp-session-file (make-temp-file "lsp-session-")
      lsp-diagnostics-provider :flymake
      lsp-enable-snippet nil
      lsp-restart 'ignore
      lsp-keep-workspace-alive nil
      lsp-enable-file-watchers nil
      lsp-headerline-breadcrumb-enable nil
      lsp-modeline-code-actions-enable nil
      lsp-modeline-diagnostics-enable nil
      lsp-lens-enable nil)

(tdl-test-main
 (make-tdl-test-client
  :name "lsp-mode"
  :start (lambda ()
           ;; The folder holding the file is the workspace: lsp-mode asks otherwise.
           (lsp-workspace-folders-add default-directory)
           (tdl-test-check "lsp-mode knows tdl-mode's language id"
                           (equal (alist-get 'tdl-mode lsp-language-id-configuration) "tdl"))
           (lsp))
  ;; lsp-mode 8 keeps no serverInfo: the initialized workspace's client id says it.
  :server-name (lambda ()
                 (let ((workspace (car (lsp-workspaces))))
                   (and workspace (eq (lsp--workspace-status workspace) 'initialized)
                        (symbol-name (lsp--client-server-id (lsp--workspace-client workspace))))))
  :flush #'ignore
  :format #'lsp-format-buffer
  :capf #'lsp-completion-at-point
  :server (lambda () (car (lsp-workspaces)))
  :attach #'lsp
  ;; The root lsp-mode offers (or takes, with `lsp-auto-guess-root') for a new project.
  :root #'lsp--suggest-project-root))
;;; test-lsp-mode.el ends here
