import DashPilotTerminal
import Foundation

exit(CommandLineTool.main())
